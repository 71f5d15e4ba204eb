---- MODULE OpenString ----
Op == "abc
Next == 2
====
