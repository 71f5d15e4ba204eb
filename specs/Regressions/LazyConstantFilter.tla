------------------------ MODULE LazyConstantFilter ------------------------
(* A constant definition whose body is a set filter over an infinite set    *)
(* (Positive == {n \in Nat : n > 0}) stays lazy, as TLC's SetPredValue:    *)
(* \in, \notin and \subseteq test each element on its body, also through a *)
(* chain of definitions (Pos == Positive), a filter of it, a function set  *)
(* of it, and filters over Int, Seq(S) and a function set; enumerating one *)
(* (\A n \in Positive : ...) stays an error. A finite one (Small) is built *)
(* once, as any constant.                                                  *)
EXTENDS Integers, Sequences, FiniteSets

CONSTANT Limit, Proc

Positive == {n \in Nat : n > 0}
Pos == Positive
EvenPos == {n \in Positive : n % 2 = 0}
NonZero == {i \in Int : i # 0}
ShortWords == {w \in Seq({"a", "b"}) : Len(w) <= 2}
Sorted == {f \in [1..2 -> Nat] : f[1] <= f[2]}
Ballots == [Proc -> Pos]
Small == {n \in 0..Limit : n % 2 = 1}

Ballot(p) == {p + 1, p + 3}

ASSUME \A p \in Proc : Ballot(p) \subseteq Positive
ASSUME <<"b", "a">> \in ShortWords /\ <<"a", "a", "a">> \notin ShortWords
ASSUME \A p \in Proc : -p - 1 \in NonZero
ASSUME [p \in Proc |-> 2 * p + 2] \in [Proc -> EvenPos]

VARIABLES picked, table, word

Init == picked = {} /\ table = [i \in 1..2 |-> 0] /\ word = <<>>

Next ==
  \/ \E n \in 1..Limit :
       /\ n \notin picked
       /\ picked' = picked \cup {n}
       /\ UNCHANGED <<table, word>>
  \/ \E i \in 1..2 :
       /\ table[i] < 2
       /\ table' = [table EXCEPT ![i] = @ + 1]
       /\ UNCHANGED <<picked, word>>
  \/ /\ Len(word) < 2
     /\ \E c \in {"a", "b"} : word' = Append(word, c)
     /\ UNCHANGED <<picked, table>>

\* True in every state: the filters are infinite, tested member by member.
TypeOK ==
  /\ picked \subseteq Pos
  /\ \A n \in picked : n \in Positive /\ -n \in NonZero /\ 2 * n \in EvenPos
  /\ 0 \notin Pos
  /\ [p \in Proc |-> p + Cardinality(picked) + 1] \in Ballots
  /\ word \in ShortWords
  /\ table \in Sorted \/ <<table[2], table[1]>> \in Sorted
  /\ \A n \in picked \cap Small : n \in Pos

\* Fails once table[1] reaches 2 while table[2] is below it.
Ordered == table[1] <= 1 \/ table \in Sorted

\* Enumerates the infinite filter: an error, as in TLC.
AllPositive == \A n \in Positive : n > Cardinality(picked)
=============================================================================
