---- MODULE Tokens ----
\* Processes grab and drop distinct values; a round counter wraps at Max.
EXTENDS Naturals, FiniteSets, TokensLib
CONSTANTS Procs, Vals, Max
VARIABLES has, round
vars == <<has, round>>

ASSUME Max \in Nat \ {0}

Held == UNION {has[p] : p \in Procs}

Init == has = [p \in Procs |-> {}] /\ round = 0

Grab(p, v) ==
    /\ v \notin Held
    /\ has' = [has EXCEPT ![p] = @ \cup {v}]
    /\ round' = (round + 1) % Max

Drop(p) ==
    /\ has[p] # {}
    /\ has' = [has EXCEPT ![p] = {}]
    /\ UNCHANGED round

Next == \E p \in Procs : Drop(p) \/ \E v \in Vals : Grab(p, v)

Spec == Init /\ [][Next]_vars

\* Checks and reductions used by the configurations.
Disjoint == \A p, q \in Procs : p # q => has[p] \cap has[q] = {}
AlwaysDisjoint == []Disjoint
RoundSteps == [][round' = (round + 1) % Max \/ round' = round]_round
StartsEmpty == Held = {}
Safety == StartsEmpty /\ AlwaysDisjoint /\ RoundSteps
Liveness == <>(round = 1)
FewHeld == Cardinality(Held) < Limit
NoWrap == round' >= round
HeldView == has
PermSets == Permutations(Procs) \cup Permutations(Vals)
PermProcs == Permutations(Procs)
BothPerms == {[x \in Procs \cup Vals |-> IF x \in Procs THEN s[x] ELSE t[x]] :
                 s \in Permutations(Procs), t \in Permutations(Vals)}
SmallLimit == 2
PerProc == \A p \in Procs : [][Cardinality(has'[p]) <= Cardinality(has[p]) + 1]_has
PerProcGrows == \A p \in Procs : [][has[p] \subseteq has'[p]]_has
PerProcFew == \A p \in Procs : StartsEmpty /\ [](Cardinality(has[p]) < 2)
C == INSTANCE TokensCount WITH n <- Cardinality(Held)
Refines == C!CSpec
RefinesUp == C!UpSpec
Alias == [round |-> round, held |-> Held, nextRound |-> round']
RoundUp == [][round' > round]_round
NeverTwo == [](Cardinality(Held) < 2)
====
