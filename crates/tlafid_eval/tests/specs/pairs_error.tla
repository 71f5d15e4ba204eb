\* expect: error E071: <<3, 1>> is not in the domain of the function (<<1, 1>> :> 0 @@ <<1, 2>> :> 0 @@ <<2, 1>> :> 0 @@ <<2, 2>> :> 0) at pairs_error.tla:7:27
---- MODULE pairs_error ----
\* `f[a, b]` outside the function's domain: the pair is built for the error.
EXTENDS Naturals
VARIABLES f
Init == f = [p \in {1, 2} \X {1, 2} |-> 0]
Next == \E a \in {1, 3} : f[a, 1] = 0 /\ f' = f
====
