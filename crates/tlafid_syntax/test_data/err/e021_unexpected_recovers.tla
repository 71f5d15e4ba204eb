---- MODULE Unexpected ----
Op == (1 + 2
Next == 3
Bad == 1 2
Last == [a |-> ]
====
