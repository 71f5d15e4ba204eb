---------------------------- MODULE Randomization ---------------------------
(***************************************************************************)
(* tlafid's own rendering of TLC's module for pseudo-random subsets.       *)
(* Names, arities and meaning follow the module shipped with TLC; the text *)
(* is written for tlafid.  TLC implements these operators with a random   *)
(* generator; tlafid rejects them as nondeterministic unless a fixed-seed  *)
(* native implementation is provided (see README.md).  The bodies below   *)
(* say which values are possible, not which one is chosen.                 *)
(***************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE FiniteSets

\* A subset of S with k elements, picked at random.
RandomSubset(k, S) ==                            (* native, nondeterministic *)
  CHOOSE T \in SUBSET S : Cardinality(T) = k

\* At most k subsets of S, picked at random; each element of S is in each
\* picked subset with probability n / Cardinality(S).
RandomSetOfSubsets(k, n, S) ==                   (* native, nondeterministic *)
  CHOOSE T \in SUBSET SUBSET S : Cardinality(T) \leq k

\* Like RandomSetOfSubsets, with p the probability that an element is in a
\* picked subset, given as a string such as "0.25".
RandomSubsetSet(k, p, S) ==                      (* native, nondeterministic *)
  CHOOSE T \in SUBSET SUBSET S : Cardinality(T) \leq k

\* The sizes of five independent draws of RandomSetOfSubsets(k, n, S).
TestRandomSetOfSubsets(k, n, S) ==
  [i \in 1 .. 5 |-> Cardinality(RandomSetOfSubsets(k, n, S))]

=============================================================================
