---------------------------- MODULE SequencesExt ----------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module SequencesExt.     *)
(* Names, arities and meaning follow the CommunityModules module; the text *)
(* is written for tlafid.  Where the original defines an operator by a     *)
(* search over a huge set, this module gives an equivalent recursive       *)
(* definition that an explicit-state checker can run.  Operators marked    *)
(* (* native *) have a native implementation in TLC whose results tlafid   *)
(* must reproduce exactly (see README.md for the order-sensitive ones).    *)
(***************************************************************************)
EXTENDS Sequences, Naturals, FiniteSets, FiniteSetsExt, Folds, Functions,
        Bags, TLC

-----------------------------------------------------------------------------
(* Between sets, bags and sequences.                                       *)

\* The elements of s.
ToSet(s) == {s[i] : i \in DOMAIN s}

\* The bag of the elements of s, with their multiplicities.
ToBag(s) == [x \in Range(s) |-> Cardinality({i \in DOMAIN s : s[i] = x})]

\* A sequence of the elements of S, each once.  TLC's native version lists
\* them in its normalized order of values; tlafid must do the same.
SetToSeq(S) ==                                              (* native *)
  CHOOSE f \in [1 .. Cardinality(S) -> S] : IsInjective(f)

\* All sequences that list each element of S exactly once.
SetToSeqs(S) ==                                             (* native *)
  LET n == Cardinality(S)
  IN  {f \in [1 .. n -> S] : \A i, j \in 1 .. n : (i # j) => (f[i] # f[j])}

\* The elements of S sorted by op.
SetToSortSeq(S, op(_, _)) == SortSeq(SetToSeq(S), op)

\* All sequences without repetition of elements of S.
SetToAllKPermutations(S) == UNION {SetToSeqs(T) : T \in SUBSET S}

\* The n-tuples of elements of set.
TupleOf(set, n) == [1 .. n -> set]

\* The sequences of elements of set of length at most n.
SeqOf(set, n) == UNION {[1 .. k -> set] : k \in 0 .. n}

BoundedSeq(S, n) == SeqOf(S, n)

-----------------------------------------------------------------------------
(* Searching and editing.                                                  *)

Contains(s, e) == \E i \in 1 .. Len(s) : s[i] = e           (* native *)

\* op holds between every element and every later one.
IsSorted(s, op(_, _)) == \A i, j \in 1 .. Len(s) : (i < j) => op(s[i], s[j])

Reverse(s) == [i \in 1 .. Len(s) |-> s[Len(s) + 1 - i]]

\* s without any occurrence of e.
Remove(s, e) == SelectSeq(s, LAMBDA x : x # e)

ReplaceAll(s, old, new) ==
  [i \in 1 .. Len(s) |-> IF s[i] = old THEN new ELSE s[i]]

\* The first index of seq whose element satisfies Test, or 0 if none.
SelectInSeq(seq, Test(_)) ==                                (* native *)
  LET hits == {i \in 1 .. Len(seq) : Test(seq[i])}
  IN  IF hits = {} THEN 0 ELSE Min(hits)

\* The first index in from..to whose element satisfies Test, or 0 if none.
\* The index counts from the start of seq, as TLC's native version returns
\* it (the CommunityModules text counts from from instead).
SelectInSubSeq(seq, from, to, Test(_)) ==                   (* native *)
  LET hits == {i \in from .. to : Test(seq[i])}
  IN  IF hits = {} THEN 0 ELSE Min(hits)

\* The last index of seq whose element satisfies Test, or 0 if none.
SelectLastInSeq(seq, Test(_)) ==                            (* native *)
  LET hits == {i \in 1 .. Len(seq) : Test(seq[i])}
  IN  IF hits = {} THEN 0 ELSE Max(hits)

\* The last index in from..to whose element satisfies Test, or 0 if none
\* (counted from the start of seq, like SelectInSubSeq).
SelectLastInSubSeq(seq, from, to, Test(_)) ==               (* native *)
  LET hits == {i \in from .. to : Test(seq[i])}
  IN  IF hits = {} THEN 0 ELSE Max(hits)

\* s with e inserted so that it lands at index i.
InsertAt(s, i, e) == SubSeq(s, 1, i - 1) \o <<e>> \o SubSeq(s, i, Len(s))

ReplaceAt(s, i, e) == [s EXCEPT ![i] = e]

RemoveAt(s, i) == SubSeq(s, 1, i - 1) \o SubSeq(s, i + 1, Len(s))

\* s without its first occurrence of e (s itself if there is none).
RemoveFirst(s, e) ==                                        (* native *)
  IF Contains(s, e) THEN RemoveAt(s, SelectInSeq(s, LAMBDA x : x = e))
  ELSE s

\* s without its first element that satisfies Test.
RemoveFirstMatch(s, Test(_)) ==                             (* native *)
  IF \E i \in 1 .. Len(s) : Test(s[i])
  THEN RemoveAt(s, SelectInSeq(s, Test))
  ELSE s

-----------------------------------------------------------------------------
(* Both ends.                                                              *)

Cons(elt, seq) == <<elt>> \o seq

Snoc(elt, seq) == Append(seq, elt)

\* All but the last element.
Front(s) == SubSeq(s, 1, Len(s) - 1)

Last(s) == s[Len(s)]

-----------------------------------------------------------------------------
(* Prefixes and suffixes.                                                  *)

IsPrefix(s, t) ==                                           (* native *)
  Len(s) \leq Len(t) /\ s = SubSeq(t, 1, Len(s))

IsStrictPrefix(s, t) == IsPrefix(s, t) /\ s # t

IsSuffix(s, t) == IsPrefix(Reverse(s), Reverse(t))

IsStrictSuffix(s, t) == IsSuffix(s, t) /\ s # t

Prefixes(s) == {SubSeq(s, 1, k) : k \in 0 .. Len(s)}

\* The sequences that are a prefix of every sequence in S.
CommonPrefixes(S) ==
  LET candidates == UNION {Prefixes(t) : t \in S}
  IN  {p \in candidates : \A t \in S : IsPrefix(p, t)}

LongestCommonPrefix(S) ==                                   (* native *)
  CHOOSE p \in CommonPrefixes(S) :
    \A q \in CommonPrefixes(S) : Len(q) \leq Len(p)

Suffixes(s) ==                                              (* native *)
  {SubSeq(s, k, Len(s)) : k \in 1 .. Len(s)} \cup {<< >>}

-----------------------------------------------------------------------------
(* Arithmetic on indices.                                                  *)

\* a modulo b, but in 1..b instead of 0..b-1 (handy for ring indices).
SeqMod(a, b) == IF a % b = 0 THEN b ELSE a % b

-----------------------------------------------------------------------------
(* Folds over sequences.                                                   *)

\* op(seq[n], ... op(seq[2], op(seq[1], base)) ...), as TLC's native
\* computes it (see Functions!FoldFunction).
FoldSeq(op(_, _), base, seq) == FoldFunction(op, base, seq) (* native *)

\* op(... op(op(base, seq[1]), seq[2]) ..., seq[n])
RECURSIVE FoldLeft(_, _, _)
FoldLeft(op(_, _), base, seq) ==                            (* native *)
  IF seq = << >> THEN base
  ELSE op(FoldLeft(op, base, Front(seq)), Last(seq))

\* op(seq[1], op(seq[2], ... op(seq[n], base) ...))
RECURSIVE FoldRight(_, _, _)
FoldRight(op(_, _), seq, base) ==                           (* native *)
  IF seq = << >> THEN base
  ELSE op(Head(seq), FoldRight(op, Tail(seq), base))

\* FoldLeft over the indices of seq instead of its elements.
FoldLeftDomain(op(_, _), base, seq) ==                      (* native *)
  FoldLeft(op, base, [i \in DOMAIN seq |-> i])

FoldRightDomain(op(_, _), seq, base) ==                     (* native *)
  FoldRight(op, [i \in DOMAIN seq |-> i], base)

-----------------------------------------------------------------------------
(* Combining sequences.                                                    *)

\* The concatenation of a sequence of sequences.
FlattenSeq(seqs) == FoldLeft(LAMBDA acc, s : acc \o s, << >>, seqs)

\* Pairs of elements at the same index, as long as the shorter sequence.
Zip(s, t) ==
  LET n == IF Len(s) \leq Len(t) THEN Len(s) ELSE Len(t)
  IN  [i \in 1 .. n |-> <<s[i], t[i]>>]

\* For s and t of equal length: << <<s[1]>>, <<t[1]>>, <<s[2]>>, ... >>.
\* Undefined when the lengths differ.
Interleave(s, t) ==
  CASE Len(s) = Len(t) /\ Len(s) > 0 ->
         [i \in 1 .. (2 * Len(s)) |->
            IF i % 2 = 1 THEN <<s[(i + 1) \div 2]>> ELSE <<t[i \div 2]>>]
    [] Len(s) = Len(t) /\ Len(s) = 0 -> << << >>, << >> >>

\* The contiguous subsequences of s (including the empty one).
SubSeqs(s) == {SubSeq(s, i + 1, j) : i, j \in 0 .. Len(s)}

\* All subsequences of s, contiguous or not, elements kept in order.
AllSubSeqs(s) ==                                            (* native *)
  {[k \in 1 .. Cardinality(D) |->
      s[CHOOSE i \in D : Cardinality({j \in D : j \leq i}) = k]] :
    D \in SUBSET DOMAIN s}

\* The index in t where the first occurrence of s starts (an error if s
\* does not occur in t; 1 if s is empty).
IndexFirstSubSeq(s, t) ==
  LET starts == {i \in 1 .. (Len(t) - Len(s) + 1) :
                   SubSeq(t, i, i + Len(s) - 1) = s}
  IN  Min(starts)

\* t with the occurrence of s that starts at index i replaced by r.
ReplaceSubSeqAt(i, r, s, t) ==
  SubSeq(t, 1, i - 1) \o r \o SubSeq(t, i + Len(s), Len(t))

\* t with the first occurrence of s replaced by r (t if s does not occur).
ReplaceFirstSubSeq(r, s, t) ==
  IF s \in SubSeqs(t) THEN ReplaceSubSeqAt(IndexFirstSubSeq(s, t), r, s, t)
  ELSE t

\* Replaces the occurrences of a non-empty s in t from left to right,
\* never overlapping (a helper, not exported).
RECURSIVE ReplaceLeftToRight(_, _, _)
LOCAL ReplaceLeftToRight(r, s, t) ==
  IF Len(t) < Len(s) THEN t
  ELSE IF SubSeq(t, 1, Len(s)) = s
       THEN r \o ReplaceLeftToRight(r, s, SubSeq(t, Len(s) + 1, Len(t)))
       ELSE <<Head(t)>> \o ReplaceLeftToRight(r, s, Tail(t))

\* t with every occurrence of s replaced by r, scanning from the left;
\* an empty s is replaced before each element of t.
ReplaceAllSubSeqs(r, s, t) ==
  CASE s = t -> r
    [] Len(s) = 0 -> FlattenSeq([i \in 1 .. Len(t) |-> r \o <<t[i]>>])
    [] OTHER -> ReplaceLeftToRight(r, s, t)

=============================================================================
