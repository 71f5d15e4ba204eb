--------------------------- MODULE DyadicRationals --------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module DyadicRationals:  *)
(* fractions num/den whose denominator is a power of two, as records       *)
(* [num |-> n, den |-> d].  Names, arities and meaning follow the          *)
(* CommunityModules module; the text is written for tlafid.                *)
(***************************************************************************)
LOCAL INSTANCE FiniteSets
LOCAL INSTANCE Integers
LOCAL INSTANCE Sequences
LOCAL INSTANCE FiniteSetsExt
LOCAL INSTANCE TLC

\* Greatest common divisor by Euclid's algorithm (a helper).
RECURSIVE Gcd(_, _)
LOCAL Gcd(a, b) == IF b = 0 THEN a ELSE Gcd(b, a % b)

LOCAL Fraction(num, den) == [num |-> num, den |-> den]

\* p in lowest terms (TLC implements this natively).
LOCAL Reduce(p) ==
  LET g == Gcd(p.num, p.den)
  IN  IF g = 1 THEN p ELSE Fraction(p.num \div g, p.den \div g)

-----------------------------------------------------------------------------
\* The denominator of r is a power of two.
IsDyadicRational(r) == \E i \in 0 .. r.den : 2 ^ i = r.den

Zero == Fraction(0, 1)

One == Fraction(1, 1)

\* p + q; both denominators are powers of two, so the larger one is a
\* common multiple.
Add(p, q) ==
  IF p = Zero THEN q
  ELSE LET den == Max({p.den, q.den})
           num == p.num * (den \div p.den) + q.num * (den \div q.den)
       IN  Reduce(Fraction(num, den))

Half(p) == Reduce(Fraction(p.num, 2 * p.den))

\* "0", "1" or "num/den".
PrettyPrint(p) ==
  IF p = Zero THEN "0"
  ELSE IF p = One THEN "1"
  ELSE ToString(p.num) \o "/" \o ToString(p.den)

=============================================================================
