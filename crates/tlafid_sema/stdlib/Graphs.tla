------------------------------- MODULE Graphs -------------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module Graphs: directed  *)
(* graphs as records [node |-> N, edge |-> E] with E \subseteq N \X N.     *)
(* Names, arities and meaning follow the CommunityModules module; the text *)
(* is written for tlafid.  Path is infinite when the graph has a cycle, so *)
(* the connectivity operators are defined through a transitive closure     *)
(* instead of through Path.                                                *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, SequencesExt, Relation

\* The edge set as a relation on the nodes (a helper).
LOCAL EdgeRelation(G) == [p \in G.node \X G.node |-> p \in G.edge]

-----------------------------------------------------------------------------
IsDirectedGraph(G) ==
  /\ G = [node |-> G.node, edge |-> G.edge]
  /\ G.edge \subseteq (G.node \X G.node)

DirectedSubgraph(G) ==
  {H \in [node : SUBSET G.node, edge : SUBSET (G.node \X G.node)] :
     IsDirectedGraph(H) /\ H.edge \subseteq G.edge}

\* G with every edge reversed.
Transpose(G) == [node |-> G.node, edge |-> {<<e[2], e[1]>> : e \in G.edge}]

-----------------------------------------------------------------------------
\* A directed graph whose edges all come in both directions.
IsUndirectedGraph(G) ==
  IsDirectedGraph(G) /\ \A e \in G.edge : <<e[2], e[1]>> \in G.edge

UndirectedSubgraph(G) == {H \in DirectedSubgraph(G) : IsUndirectedGraph(H)}

-----------------------------------------------------------------------------
\* The non-empty sequences of nodes that follow edges.
Path(G) ==
  {p \in Seq(G.node) :
     p # << >> /\ \A i \in 1 .. (Len(p) - 1) : <<p[i], p[i + 1]>> \in G.edge}

\* The paths that visit no node twice (a finite set).
SimplePath(G) ==                                            (* native *)
  {p \in UNION {[1 .. n -> G.node] : n \in 1 .. Cardinality(G.node)} :
     /\ IsInjective(p)
     /\ \A i \in 1 .. (Len(p) - 1) : <<p[i], p[i + 1]>> \in G.edge}

\* [m, n \in G.node |-> some path leads from m to n]
ConnectionsIn(G) == ReflexiveTransitiveClosure(EdgeRelation(G), G.node)

\* Some path leads from m to n.
AreConnectedIn(m, n, G) ==                                  (* native *)
  m \in G.node /\ n \in G.node /\ ConnectionsIn(G)[m, n]

IsStronglyConnected(G) ==                                   (* native *)
  \A m, n \in G.node : AreConnectedIn(m, n, G)

-----------------------------------------------------------------------------
\* Each node other than r has exactly one outgoing edge, r has none, and
\* every node reaches r.
IsTreeWithRoot(G, r) ==
  /\ IsDirectedGraph(G)
  /\ r \in G.node
  /\ \A e \in G.edge : /\ e[1] # r
                       /\ \A f \in G.edge : (e[1] = f[1]) => (e = f)
  /\ \A n \in G.node : AreConnectedIn(n, r, G)

-----------------------------------------------------------------------------
GraphUnion(G, H) == [node |-> G.node \cup H.node, edge |-> G.edge \cup H.edge]

\* U and V split the nodes and every edge goes between them.
IsBipartiteWithPartitions(G, U, V) ==
  /\ U \cap V = {}
  /\ G.node \subseteq (U \cup V)
  /\ \A e \in G.edge : \/ (e[1] \in U /\ e[2] \in V)
                       \/ (e[2] \in U /\ e[1] \in V)

HasCycle(G) ==
  \/ \E n \in G.node : <<n, n>> \in G.edge
  \/ \E m, n \in G.node : /\ m # n
                          /\ ConnectionsIn(G)[m, n]
                          /\ ConnectionsIn(G)[n, m]

IsDag(G) == IsDirectedGraph(G) /\ ~HasCycle(G)

-----------------------------------------------------------------------------
Successors(G, n) == {m \in G.node : <<n, m>> \in G.edge}

AllSuccessors(G, S) == UNION {Successors(G, n) : n \in S}

Predecessors(G, n) == {m \in G.node : <<m, n>> \in G.edge}

AllPredecessors(G, S) == UNION {Predecessors(G, n) : n \in S}

\* The nodes from which a non-empty path leads to n.
Ancestors(G, n) ==
  LET reach == TransitiveClosure(EdgeRelation(G), G.node)
  IN  {m \in G.node : reach[m, n]}

\* The nodes to which a non-empty path leads from n.
Descendants(G, n) ==
  LET reach == TransitiveClosure(EdgeRelation(G), G.node)
  IN  {m \in G.node : reach[n, m]}

InDegree(G, n) == Cardinality(Predecessors(G, n))

OutDegree(G, n) == Cardinality(Successors(G, n))

Roots(G) == {n \in G.node : Predecessors(G, n) = {}}

Leaves(G) == {n \in G.node : Successors(G, n) = {}}

-----------------------------------------------------------------------------
EmptyGraph == [node |-> {}, edge |-> {}]

\* All directed graphs whose node set is S.
Graphs(S) == [node : {S}, edge : SUBSET (S \X S)]

=============================================================================
