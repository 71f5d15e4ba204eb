------------------------------ MODULE Sequences -----------------------------
(***************************************************************************)
(* tlafid's own rendering of the standard module Sequences.  A sequence    *)
(* is a function whose domain is 1..n for some natural n.  Names, arities  *)
(* and meaning follow the TLA+ standard module; the text is written for    *)
(* tlafid.  All operators are evaluated natively; the bodies are exact     *)
(* definitions and serve as the reference semantics.                       *)
(***************************************************************************)
LOCAL INSTANCE Naturals

Seq(S) == UNION {[1 .. n -> S] : n \in Nat}                  (* native *)

\* The n is searched among the domain's own elements (and 0), so the body is
\* executable; it is an error when s is not a sequence.
Len(s) == CHOOSE n \in {0} \cup DOMAIN s : DOMAIN s = 1 .. n    (* native *)

s \o t ==                                                    (* native *)
  [k \in 1 .. (Len(s) + Len(t)) |->
      IF k \leq Len(s) THEN s[k] ELSE t[k - Len(s)]]

Append(s, e) == s \o <<e>>                                   (* native *)

Head(s) == s[1]                                              (* native *)

\* Like Head, Tail is an error on the empty sequence (TLC reports it).
Tail(s) == [k \in 1 .. (Len(s) - 1) |-> s[k + 1]]           (* native *)

SubSeq(s, m, n) == [k \in 1 .. (1 + n - m) |-> s[m + k - 1]] (* native *)

SelectSeq(s, Test(_)) ==                                     (* native *)
  LET kept[k \in 0 .. Len(s)] ==
        IF k = 0 THEN << >>
        ELSE IF Test(s[k]) THEN Append(kept[k - 1], s[k])
                           ELSE kept[k - 1]
  IN  kept[Len(s)]

=============================================================================
