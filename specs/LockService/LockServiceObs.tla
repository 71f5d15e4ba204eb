---- MODULE LockServiceObs ----
(* An observation module for `tlafid trace --observe`: it extends the model and names what  *)
(* a log of the lock service could report in its own words.                              *)
EXTENDS LockService
busy == holders /= {}
waiting == Len(queue)
====
