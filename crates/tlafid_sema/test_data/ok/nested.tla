---- MODULE nested ----
CONSTANT N
VARIABLES in, out
---- MODULE Inner ----
\* A nested module sees the declarations of its enclosing module that precede it.
VARIABLE hidden
Spec == hidden = in /\ out = N
====
I == INSTANCE Inner WITH hidden <- in
Use == I!Spec
\* Subexpression selectors: the first conjunct, and a labelled part.
Both == /\ in = 1
        /\ lbl :: out = 2
First == Both!1
Labelled == Both!lbl
====
