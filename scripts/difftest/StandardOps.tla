---- MODULE StandardOps ----
(***************************************************************************)
(* Test module for scripts/tlc_difftest.py: compares TLC's native standard *)
(* operators with the TLA+ bodies of tlafid's Sequences, FiniteSets, Bags  *)
(* and TLC, loaded under the names XSequences, XFiniteSets, XBags and XTLC *)
(* so that TLC's Java overrides do not replace them.  Prints <<label,      *)
(* "ok">> or <<label, native value, tlafid value>>.                        *)
(***************************************************************************)
EXTENDS Naturals, Integers, Sequences, FiniteSets, TLC, Bags
XS == INSTANCE XSequences
XB == INSTANCE XBags
XF == INSTANCE XFiniteSets
XT == INSTANCE XTLC
VARIABLE x
Init == x = 0
Next == x' = x
C(label, a, b) == PrintT(IF a = b THEN <<label, "ok">> ELSE <<label, a, b>>)
B1 == [e \in {"a","b"} |-> IF e = "a" THEN 2 ELSE 1]
B2 == [e \in {"b","c"} |-> 3]
ASSUME C("Len", <<Len(<<>>), Len(<<1,2,3>>)>>, <<XS!Len(<<>>), XS!Len(<<1,2,3>>)>>)
ASSUME C("Concat", <<1>> \o <<2,3>>, XS!\o(<<1>>, <<2,3>>))
ASSUME C("Append", Append(<<1>>, 2), XS!Append(<<1>>, 2))
ASSUME C("HeadTail", <<Head(<<1,2>>), Tail(<<1,2>>), Tail(<<1>>)>>, <<XS!Head(<<1,2>>), XS!Tail(<<1,2>>), XS!Tail(<<1>>)>>)
ASSUME C("SubSeq", <<SubSeq(<<1,2,3,4>>, 2, 3), SubSeq(<<1,2>>, 2, 1), SubSeq(<<1,2>>, 1, 0)>>, <<XS!SubSeq(<<1,2,3,4>>, 2, 3), XS!SubSeq(<<1,2>>, 2, 1), XS!SubSeq(<<1,2>>, 1, 0)>>)
ASSUME C("SelectSeq", SelectSeq(<<1,2,3,4>>, LAMBDA e: e % 2 = 0), XS!SelectSeq(<<1,2,3,4>>, LAMBDA e: e % 2 = 0))
ASSUME C("SeqMember", <<<<1,2>> \in Seq({1,2}), <<3>> \in Seq({1,2})>>, <<TRUE, FALSE>>)
ASSUME C("Cardinality", <<Cardinality({}), Cardinality({1,2,3})>>, <<XF!Cardinality({}), XF!Cardinality({1,2,3})>>)
ASSUME C("BagBasics", <<IsABag(B1), BagToSet(B1), SetToBag({1,2}), BagIn("a", B1), BagIn("z", B1), EmptyBag, CopiesIn("a", B1), CopiesIn("z", B1)>>, <<XB!IsABag(B1), XB!BagToSet(B1), XB!SetToBag({1,2}), XB!BagIn("a", B1), XB!BagIn("z", B1), XB!EmptyBag, XB!CopiesIn("a", B1), XB!CopiesIn("z", B1)>>)
ASSUME C("BagPlus", B1 (+) B2, XB!(+)(B1, B2))
ASSUME C("BagMinus", <<B1 (-) B2, B2 (-) B1, B1 (-) B1>>, <<XB!(-)(B1, B2), XB!(-)(B2, B1), XB!(-)(B1, B1)>>)
ASSUME C("BagUnion", BagUnion({B1, B2}), XB!BagUnion({B1, B2}))
ASSUME C("SqSubseteq", <<B1 \sqsubseteq B1 (+) B2, (B1 (+) B2) \sqsubseteq B1, EmptyBag \sqsubseteq B1>>, <<XB!\sqsubseteq(B1, XB!(+)(B1, B2)), XB!\sqsubseteq(XB!(+)(B1, B2), B1), XB!\sqsubseteq(XB!EmptyBag, B1)>>)
ASSUME C("SubBag", SubBag(B1), XB!SubBag(B1))
ASSUME C("BagOfAll", BagOfAll(LAMBDA e: IF e = "a" THEN 1 ELSE 2, B1 (+) B2), XB!BagOfAll(LAMBDA e: IF e = "a" THEN 1 ELSE 2, XB!(+)(B1, B2)))
ASSUME C("BagCardinality", BagCardinality(B1 (+) B2), XB!BagCardinality(XB!(+)(B1, B2)))
ASSUME C("ColonGt", <<1 :> "a", (1 :> "a") @@ (2 :> "b") @@ (1 :> "z")>>, <<XT!:>(1, "a"), XT!@@(XT!@@(XT!:>(1, "a"), XT!:>(2, "b")), XT!:>(1, "z"))>>)
ASSUME C("Permutations", Permutations({1,2,3}), XT!Permutations({1,2,3}))
ASSUME C("SortSeq", <<SortSeq(<<3,1,2,1>>, <), SortSeq(<<>>, <), SortSeq(<<"b","a">>, LAMBDA a, b: a # b /\ a = "a")>>, <<XT!SortSeq(<<3,1,2,1>>, <), XT!SortSeq(<<>>, <), XT!SortSeq(<<"b","a">>, LAMBDA a, b: a # b /\ a = "a")>>)
====
