---- MODULE redefine_extended ----
\* A definition of a name an EXTENDed module already gives, with the same arity: SANY's
\* "Operator Min already defined or declared" (an error, not the warning of two imports).
EXTENDS MinLib
Min(S) == CHOOSE x \in S : TRUE
====
