---- MODULE Proofs ----
EXTENDS Naturals
Inv == x \in Nat
THEOREM Spec => []Inv
THEOREM Safe == Spec => []Inv
<1>1. Init => Inv
  BY DEF Init, Inv
<1>2. ASSUME NEW y \in Nat
      PROVE  y + 1 \in Nat
  <2>1. y + 1 >= 0
    OBVIOUS
  <2> QED BY <2>1
<1>3. SUFFICES ASSUME Inv PROVE Inv'
  OMITTED
<1>4. PICK z \in Nat : z = 1
  BY Inv!1
<1> QED
  BY <1>1, <1>2 DEF Inv
LEMMA L1 == ASSUME NEW S, NEW T \in SUBSET S
            PROVE  T \subseteq S
PROOF OBVIOUS
COROLLARY TRUE
PROPOSITION P1 == 1 = 1
  PROOF
    <1> DEFINE q == 1
    <1> USE DEF Inv
    <1> HIDE DEF Inv
    <1> TAKE a \in Nat
    <1> WITNESS 1 \in Nat
    <1> HAVE TRUE
    <1> CASE TRUE
    <1> QED OBVIOUS
USE DEF Inv
HIDE DEF Inv
After == 1
==============================
