\* expect: error E071: 2 is not in the domain of the function <<2>> at plan_counted_error.tla:11:48
---- MODULE plan_counted_error ----
\* An error in a counted part of an action (`\A i : \E q` assigns nothing), for i = 1
\* at q = 2. TLC, branching, re-enters i = 2 from i = 1's first witness and meets the
\* error at i = 2, q = 2 first (its message names <<2>>); counting would meet i = 1's
\* first, so on an error the part is run again by branching, to report TLC's.
EXTENDS Naturals
VARIABLES s
Init == s = 0
Next == /\ s < 2
        /\ \A i \in {1, 2} : \E q \in {1, 2} : <<i>>[q] = i
        /\ s' = s + 1
====
