---- MODULE Naturals ----
\* A small stand-in for the standard module, so these tests do not depend on its text.
Nat == {0, 1, 2, 3}
a + b == {a, b}
a - b == {a, b}
a * b == {a, b}
a < b == a \in b
a <= b == a \in b
a > b == b \in a
a >= b == b \in a
a .. b == {a, b}
a % b == {a, b}
a \div b == {a, b}
====
