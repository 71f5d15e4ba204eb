---- MODULE FnConsTuples ----
\* Functions built over several bound variables ([i \in S, j \in T |-> e], [i, j \in S |-> e]):
\* their domain is the product and their arguments are tuples.
EXTENDS Naturals, FiniteSets
CONSTANTS N, Rounds, MaxOnes
VARIABLES grid, round
Cells == 1..N
Init == /\ grid = [r \in Cells, c \in Cells |-> 0]
        /\ round = 0
Flip(r, c) == /\ round < Rounds
              /\ grid' = [i, j \in Cells |-> IF <<i, j>> = <<r, c>> THEN 1 - grid[i, j] ELSE grid[i, j]]
              /\ round' = round + 1
Shift == /\ round < Rounds
         /\ grid' = [i \in Cells, j \in Cells |->
                        CASE i = 1 -> grid[N, j]
                          [] OTHER -> grid[i - 1, j]]
         /\ round' = round + 1
Done == round = Rounds /\ UNCHANGED <<grid, round>>
Next == (\E r, c \in Cells : Flip(r, c)) \/ Shift \/ Done
Ones == Cardinality({p \in Cells \X Cells : grid[p] = 1})
Diag == [k \in Cells, z \in {0} |-> grid[k, k]]
Empty == [i \in Cells, j \in {} |-> 1 \div 0]
TypeOK == grid \in [Cells \X Cells -> {0, 1}]
DiagOK == /\ DOMAIN Diag = Cells \X {0}
          /\ \A k \in Cells : Diag[k, 0] = grid[<<k, k>>]
EmptyOK == Empty = << >>
Bounded == Ones <= MaxOnes
====
