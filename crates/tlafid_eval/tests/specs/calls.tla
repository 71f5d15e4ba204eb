\* expect: init=1 distinct=3903 generated=18605
---- MODULE calls ----
\* Calls of defined operators with arguments, run as compiled call nodes: nested (a call
\* as another's argument), in a `LET`, recursive with an argument that reads the state,
\* remembered and not, one whose argument passed by name fails where the callee does not
\* need it, and operator arguments (`F(_)`, `LAMBDA`), which stay with the interpreter.
EXTENDS Naturals, Sequences, FiniteSets
VARIABLES link, at, seen, q

N == 4
Nodes == 1 .. N

Init == /\ link = [n \in Nodes |-> 0]
        /\ at = 1
        /\ seen = {}
        /\ q = << 1, 2 >>

\* Remembered (it binds a variable); its argument by value, or by name.
Succs(n) == {m \in Nodes : link[m] = n}
\* Recursive, its first argument read from the state: the end of n's chain.
RECURSIVE Last(_, _)
Last(n, d) == IF link[n] = 0 \/ d = 0 THEN n ELSE Last(link[n], d - 1)
\* Not remembered: a plain call.
Linked(n) == link[n] # 0
\* Nested calls, one the argument of the other.
Far(n) == Cardinality(Succs(Last(n, N)))
\* Remembered; `h` needed only when `k` is not 0.
Firsts(k, h) == IF k = 0 THEN {} ELSE {x \in {h, k} : x > 0}
\* An operator argument.
Apply(F(_), x) == F(x)
Double(x) == 2 * x

Link(a, b) ==
  /\ ~Linked(a)
  /\ a # b
  /\ Last(b, N) # a
  /\ link' = [link EXCEPT ![a] = b]
  /\ UNCHANGED <<at, seen, q>>

Move ==
  LET end == Last(at, N)
      far == Far(end)
  IN /\ end # at
     /\ at' = end
     /\ seen' = {Apply(Double, far), Apply(LAMBDA x : x + 1, end)}
     /\ UNCHANGED <<link, q>>

Reset(n) == /\ at # n
            /\ Linked(n)
            /\ at' = n
            /\ UNCHANGED <<link, seen, q>>

\* `Head(q)` fails once `q` is empty, where `Firsts` does not read it.
Pop == /\ Cardinality(Firsts(Len(q), Head(q))) < 3
       /\ q # << >>
       /\ q' = Tail(q)
       /\ UNCHANGED <<link, at, seen>>

Next == \/ \E a, b \in Nodes : Link(a, b)
        \/ Move
        \/ \E n \in Nodes : Reset(n)
        \/ Pop
====
