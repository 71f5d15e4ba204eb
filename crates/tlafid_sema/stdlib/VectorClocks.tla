---------------------------- MODULE VectorClocks ----------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module VectorClocks: a   *)
(* vector clock is a function from nodes to counters; a missing node       *)
(* counts as 0.  Names, arities and meaning follow the CommunityModules    *)
(* module; the text is written for tlafid.                                 *)
(***************************************************************************)
EXTENDS Naturals, Sequences, Functions

\* Neither clock is ahead of the other in every entry (a helper).
LOCAL Concurrent(v, w) ==
  \E i, j \in DOMAIN v : i # j /\ v[i] < w[i] /\ v[j] > w[j]

\* v is at most w everywhere and below it somewhere (a helper).
LOCAL Before(v, w) ==
  /\ \A i \in DOMAIN v : v[i] \leq w[i]
  /\ \E i \in DOMAIN v : v[i] < w[i]

\* c extended with 0 on the nodes of D it lacks (a helper).
LOCAL Padded(c, D) == [d \in D |-> IF d \in DOMAIN c THEN c[d] ELSE 0]

\* No entry of log is preceded by an entry whose clock comes after its own.
IsCausalOrder(log, clock(_)) ==
  \A i \in 1 .. Len(log) : \A j \in 1 .. (i - 1) :
    LET D  == DOMAIN clock(log[i]) \cup DOMAIN clock(log[j])
        ci == Padded(clock(log[i]), D)
        cj == Padded(clock(log[j]), D)
    IN  Before(cj, ci) \/ Concurrent(cj, ci)

\* log reordered so that it respects the causal order of the vector clocks
\* that clock extracts; node and domain tell the native implementation
\* which node an entry belongs to and which nodes a clock covers.  TLC's
\* native version fixes which of the possible orders is returned.
CausalOrder(log, clock(_), node(_), domain(_)) ==          (* native *)
  CHOOSE sorted \in {f \in [1 .. Len(log) -> Range(log)] :
                       Range(f) = Range(log)} :
    IsCausalOrder(sorted, clock)

=============================================================================
