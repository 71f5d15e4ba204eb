---- MODULE HigherOrder ----
EXTENDS Naturals
Fold(op(_, _), base, S) == base
Sum(S) == Fold(+, 0, S)
Cup(S) == Fold(\cup, {}, S)
Neg(S) == Map(-., S)
Lam == Fold(LAMBDA a, b : a * b, 1, S)
P == INSTANCE Plus WITH + <- Add, \prec <- Less, x <- LAMBDA a : a
Q(n) == INSTANCE Plus WITH x <- n
UseQ == Q(1)!+(2, 3) + Q(2)!Op + P!-.(1)
Sel == Inv!2 /\ Inv!1!: /\ Inv!<<
Wide == { <<a, b>> \in S \X T : a # b } \cup {f[a] : a \in S}
====
