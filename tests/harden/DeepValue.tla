---- MODULE DeepValue ----
\* Regression (issue 14, class 2): values nested one level deeper at each step are legal
\* TLA+; packing, hashing and printing them must not overflow the stack.
EXTENDS Naturals
VARIABLE x
Init == x = <<>>
Next == x' = <<x>>
====
