---- MODULE Precedence ----
Arith == a + b * c - d ^ (e ^ f)
Left == a - b - c + d
Neg == -a + -b ^ 2
Compare == a + 1 < b * 2 /\ c
Imply == a => b <=> c
Imply2 == (a => b) => c
Sets == A \cup (B \cap C) \cup D
Range == 1..N + 1
Power == SUBSET S \ T
Unions == UNION S \cup T
Dom == DOMAIN f \cup S
Not == ~a = b /\ ~c
Chain == a /\ b /\ c
OrChain == a \/ b \/ c
Seq == s \o t \o u
Merge == f @@ g @@ h :> 1
Cross == A \X B \X C
CrossNested == (A \X B) \X C
Mixed == a \in S /\ (b \notin T \/ c)
Primes == x' = x + 1 /\ (y + 1)' # y
Apps == f[a][b, c].d.e'
Closure == R^+ \cup R^*
UserOps == a \prec b \/ a (+) b = a \oplus b \/ a ** b ++ c
Cdot == A \cdot B
Leq == a =< b /\ a \leq b /\ a <= b /\ a /= b /\ a >= b
Tilde == a ~> b
Plus == a -+-> b
==============================
