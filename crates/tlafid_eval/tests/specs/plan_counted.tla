\* expect: init=1 distinct=18 generated=226
---- MODULE plan_counted ----
\* Parts of an action that branch but assign nothing are counted: the rest of the
\* action runs once per way they hold, as TLC branches on them (generated counts the
\* duplicates). `\A i : \E m` holds in 2 * 1 ways (two witnesses for i = 1); the
\* `\/` in 2 ways once x > 0; `Has(1)` (a call) in 2, `n = n` in 1, the `IF`'s `\E`
\* in 3 - y ways; the `=>` in 2 ways when y = 1, the `CASE` in 2 when x = 0; an
\* `\E` without a witness in none; the last `\E` comes after every
\* variable is assigned: it is only tested. `ENABLED Probe` runs a counted part too.
EXTENDS Naturals
VARIABLES x, y
M == {<<1, "a">>, <<1, "b">>, <<2, "a">>}
Has(i) == \E m \in M : m[1] = i /\ x >= 0
Probe == /\ \A i \in {1, 2} : \E m \in M : m[1] = i
         /\ x' = x /\ y' = y
Init == x = 0 /\ y = 0
Next ==
  \/ /\ x < 3
     /\ \A i \in {1, 2} : \E m \in M : m[1] = i
     /\ x > 0 \/ x < 5
     /\ \E m \in M : m[1] # 3
     /\ x' = x + 1
     /\ y' = y
  \/ /\ (\E m \in M : m[1] = 3)
     /\ x' = x + 5
     /\ y' = y
  \/ /\ x < 3
     /\ \A i \in {1, 2} : \E m \in M : m[1] = i
     /\ x' = x + 1
     /\ y' = y + 1
  \/ /\ y < 2
     /\ LET n == x IN (Has(1) \/ n = n)
     /\ IF y = 0 THEN \E j \in 1..3 : j > y ELSE TRUE
     /\ y = 1 => \E j \in 1..2 : j > 0
     /\ CASE x = 0 -> \E j \in {1, 2} : j > 0 [] OTHER -> TRUE
     /\ ENABLED Probe
     /\ y' = y + 1
     /\ x' = x
     /\ \E k \in {1, 2} : k > 0
====
