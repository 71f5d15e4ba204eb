-------------------------- MODULE UndirectedGraphs --------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module UndirectedGraphs: *)
(* graphs as records [node |-> N, edge |-> E] where each edge is a set     *)
(* {a, b} of nodes.  Names, arities and meaning follow the                 *)
(* CommunityModules module; the text is written for tlafid.  Connectivity  *)
(* is computed through a transitive closure so that it is executable.      *)
(***************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE Sequences
LOCAL INSTANCE SequencesExt
LOCAL INSTANCE FiniteSets
LOCAL INSTANCE Folds
LOCAL INSTANCE Functions
LOCAL INSTANCE Relation

\* [m, n \in G.node |-> an edge path joins m and n] (a helper).
LOCAL Reach(G) ==
  ReflexiveTransitiveClosure([p \in G.node \X G.node |-> {p[1], p[2]} \in G.edge],
                             G.node)

-----------------------------------------------------------------------------
IsUndirectedGraph(G) ==
  /\ G = [node |-> G.node, edge |-> G.edge]
  /\ \A e \in G.edge : \E a, b \in G.node : e = {a, b}

\* No edge joins a node to itself.
IsLoopFreeUndirectedGraph(G) ==
  /\ G = [node |-> G.node, edge |-> G.edge]
  /\ \A e \in G.edge : \E a, b \in G.node : a # b /\ e = {a, b}

UndirectedSubgraph(G) ==
  {H \in [node : SUBSET G.node, edge : SUBSET G.edge] : IsUndirectedGraph(H)}

-----------------------------------------------------------------------------
\* The non-empty sequences of nodes that follow edges.
Path(G) ==
  {p \in Seq(G.node) :
     p # << >> /\ \A i \in 1 .. (Len(p) - 1) : {p[i], p[i + 1]} \in G.edge}

\* The paths that visit no node twice (a finite set).
SimplePath(G) ==                                            (* native *)
  {p \in UNION {[1 .. n -> G.node] : n \in 1 .. Cardinality(G.node)} :
     /\ IsInjective(p)
     /\ \A i \in 1 .. (Len(p) - 1) : {p[i], p[i + 1]} \in G.edge}

AreConnectedIn(m, n, G) ==                                  (* native *)
  m \in G.node /\ n \in G.node /\ Reach(G)[m, n]

-----------------------------------------------------------------------------
\* The maximal connected sets of nodes.
ConnectedComponents(G) ==                                   (* native *)
  LET reach == Reach(G)
  IN  {{n \in G.node : reach[m, n]} : m \in G.node}

IsStronglyConnected(G) == ConnectedComponents(G) = {G.node}

-----------------------------------------------------------------------------
\* All undirected graphs whose node set is S.
UndirectedGraphs(S) == [node : {S}, edge : SUBSET {{s, t} : s, t \in S}]

=============================================================================
