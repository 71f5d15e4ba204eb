--------------------------- MODULE SequenceTheorems -------------------------
(***************************************************************************)
(* tlafid's own rendering of (part of) the TLAPS library module            *)
(* SequenceTheorems: facts about the operators of Sequences.  Names and    *)
(* the meaning of each statement follow the TLAPS library; the text is     *)
(* written for tlafid.  Proofs are omitted: a model checker only needs the *)
(* names to resolve.  Only the most used theorems are stated (README.md).  *)
(***************************************************************************)
EXTENDS Sequences, Functions
LOCAL INSTANCE NaturalsInduction
LOCAL INSTANCE TLAPS

LEMMA SeqDef == \A S : Seq(S) = UNION {[1 .. k -> S] : k \in Nat}
PROOF OMITTED

THEOREM SeqMonotonic ==
  ASSUME NEW S, NEW T, NEW s \in Seq(S), S \subseteq T
  PROVE  s \in Seq(T)
PROOF OMITTED

THEOREM ElementOfSeq ==
  ASSUME NEW S, NEW s \in Seq(S), NEW k \in 1 .. Len(s)
  PROVE  s[k] \in S
PROOF OMITTED

THEOREM EmptySeq ==
  ASSUME NEW S
  PROVE  /\ << >> \in Seq(S)
         /\ Len(<< >>) = 0
         /\ \A s \in Seq(S) : (s # << >>) => (Len(s) \in Nat \ {0})
PROOF OMITTED

THEOREM LenProperties ==
  ASSUME NEW S, NEW s \in Seq(S)
  PROVE  /\ Len(s) \in Nat
         /\ s \in [1 .. Len(s) -> S]
         /\ DOMAIN s = 1 .. Len(s)
PROOF OMITTED

THEOREM IsASeq ==
  ASSUME NEW k \in Nat, NEW e(_), NEW S, \A i \in 1 .. k : e(i) \in S
  PROVE  [i \in 1 .. k |-> e(i)] \in Seq(S)
PROOF OMITTED

THEOREM SeqEqual ==
  ASSUME NEW S, NEW s \in Seq(S), NEW t \in Seq(S),
         Len(s) = Len(t), \A i \in 1 .. Len(s) : s[i] = t[i]
  PROVE  s = t
PROOF OMITTED

THEOREM ConcatProperties ==
  ASSUME NEW S, NEW s \in Seq(S), NEW t \in Seq(S)
  PROVE  /\ s \o t \in Seq(S)
         /\ Len(s \o t) = Len(s) + Len(t)
         /\ \A i \in 1 .. (Len(s) + Len(t)) :
               (s \o t)[i] = IF i <= Len(s) THEN s[i] ELSE t[i - Len(s)]
PROOF OMITTED

THEOREM ConcatEmptySeq ==
  ASSUME NEW S, NEW s \in Seq(S)
  PROVE  (s \o << >> = s) /\ (<< >> \o s = s)
PROOF OMITTED

THEOREM ConcatAssociative ==
  ASSUME NEW S, NEW s \in Seq(S), NEW t \in Seq(S), NEW u \in Seq(S)
  PROVE  (s \o t) \o u = s \o (t \o u)
PROOF OMITTED

THEOREM SubSeqProperties ==
  ASSUME NEW S, NEW s, NEW lo \in Int, NEW hi \in Int,
         \A i \in lo .. hi : s[i] \in S
  PROVE  /\ SubSeq(s, lo, hi) \in Seq(S)
         /\ Len(SubSeq(s, lo, hi)) = IF lo <= hi THEN hi - lo + 1 ELSE 0
         /\ \A i \in 1 .. (hi - lo + 1) : SubSeq(s, lo, hi)[i] = s[lo + i - 1]
PROOF OMITTED

THEOREM SubSeqEmpty ==
  ASSUME NEW s, NEW lo \in Int, NEW hi \in Int, hi < lo
  PROVE  SubSeq(s, lo, hi) = << >>
PROOF OMITTED

THEOREM HeadTailProperties ==
  ASSUME NEW S, NEW s \in Seq(S), s # << >>
  PROVE  /\ Head(s) \in S
         /\ Head(s) \in Range(s)
         /\ Tail(s) \in Seq(S)
         /\ Len(Tail(s)) = Len(s) - 1
         /\ \A i \in 1 .. Len(Tail(s)) : Tail(s)[i] = s[i + 1]
         /\ Range(Tail(s)) \subseteq Range(s)
PROOF OMITTED

THEOREM TailIsSubSeq ==
  ASSUME NEW S, NEW s \in Seq(S), s # << >>
  PROVE  Tail(s) = SubSeq(s, 2, Len(s))
PROOF OMITTED

THEOREM AppendProperties ==
  ASSUME NEW S, NEW s \in Seq(S), NEW e \in S
  PROVE  /\ Append(s, e) \in Seq(S)
         /\ Append(s, e) # << >>
         /\ Len(Append(s, e)) = Len(s) + 1
         /\ \A i \in 1 .. Len(s) : Append(s, e)[i] = s[i]
         /\ Append(s, e)[Len(s) + 1] = e
         /\ Range(Append(s, e)) = Range(s) \cup {e}
PROOF OMITTED

THEOREM AppendIsConcat ==
  ASSUME NEW S, NEW s \in Seq(S), NEW e \in S
  PROVE  Append(s, e) = s \o <<e>>
PROOF OMITTED

THEOREM HeadTailAppend ==
  ASSUME NEW S, NEW s \in Seq(S), NEW e
  PROVE  /\ Head(Append(s, e)) = IF s = << >> THEN e ELSE Head(s)
         /\ Tail(Append(s, e)) = IF s = << >> THEN << >>
                                  ELSE Append(Tail(s), e)
PROOF OMITTED

THEOREM SequencesInductionAppend ==
  ASSUME NEW P(_), NEW S, P(<< >>),
         \A s \in Seq(S), e \in S : P(s) => P(Append(s, e))
  PROVE  \A s \in Seq(S) : P(s)
PROOF OMITTED

THEOREM SequencesInductionTail ==
  ASSUME NEW S, NEW P(_), P(<< >>),
         \A s \in Seq(S) : ((s # << >>) /\ P(Tail(s))) => P(s)
  PROVE  \A s \in Seq(S) : P(s)
PROOF OMITTED

THEOREM RangeOfSeq ==
  ASSUME NEW S, NEW s \in Seq(S)
  PROVE  Range(s) \in SUBSET S
PROOF OMITTED

THEOREM RangeEquality ==
  ASSUME NEW S, NEW s \in Seq(S)
  PROVE  Range(s) = {s[i] : i \in 1 .. Len(s)}
PROOF OMITTED

=============================================================================
