---- MODULE TokensCount ----
\* An abstraction of Tokens: only how many values are held.
EXTENDS Naturals
VARIABLE n
CInit == n = 0
CNext == n' = n + 1 \/ n' < n
CSpec == CInit /\ [][CNext]_n
OnlyUp == n' = n + 1
UpSpec == CInit /\ [][OnlyUp]_n
====
