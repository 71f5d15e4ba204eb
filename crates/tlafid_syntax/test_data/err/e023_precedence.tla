---- MODULE Conflicts ----
Eq == a = b = c
AndOr == a /\ b \/ c
Pow == a ^ b ^ c
CupCap == A \cup B \cap C
SubIn == a \subseteq b \in c
Ok == (a = b) = c
Cdot == a \cdot b + c
====
