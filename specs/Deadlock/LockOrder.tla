----------------------------- MODULE LockOrder -----------------------------
(* Two workers take two locks in opposite orders: the classic deadlock.    *)
EXTENDS Naturals

VARIABLES holder, pc

vars == <<holder, pc>>

Workers == {"w1", "w2"}
Locks == {"a", "b"}
FirstLock(w) == IF w = "w1" THEN "a" ELSE "b"
SecondLock(w) == IF w = "w1" THEN "b" ELSE "a"

Init ==
  /\ holder = [l \in Locks |-> "none"]
  /\ pc = [w \in Workers |-> "start"]

TakeFirst(w) ==
  /\ pc[w] = "start"
  /\ holder[FirstLock(w)] = "none"
  /\ holder' = [holder EXCEPT ![FirstLock(w)] = w]
  /\ pc' = [pc EXCEPT ![w] = "one"]

TakeSecond(w) ==
  /\ pc[w] = "one"
  /\ holder[SecondLock(w)] = "none"
  /\ holder' = [holder EXCEPT ![SecondLock(w)] = w]
  /\ pc' = [pc EXCEPT ![w] = "both"]

Release(w) ==
  /\ pc[w] = "both"
  /\ holder' = [l \in Locks |-> IF holder[l] = w THEN "none" ELSE holder[l]]
  /\ pc' = [pc EXCEPT ![w] = "start"]

Next == \E w \in Workers : TakeFirst(w) \/ TakeSecond(w) \/ Release(w)

Spec == Init /\ [][Next]_vars

NoSharedLock == \A l \in Locks : holder[l] \in Workers \cup {"none"}
=========================================================================
