---- MODULE PrefixConflicts ----
Unch == UNCHANGED x = y
Sub == SUBSET S + 1
Alw == []P = Q
Ok1 == SUBSET S \ T
Ok2 == UNCHANGED x /\ []P => <>Q
====
