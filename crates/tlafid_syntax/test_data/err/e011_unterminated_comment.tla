---- MODULE OpenComment ----
Op == 1
(* open (* nested *)
====
