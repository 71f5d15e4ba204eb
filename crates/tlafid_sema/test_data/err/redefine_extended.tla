---- MODULE redefine_extended ----
\* A definition of a name an EXTENDed module already gives, with the same arity: SANY's
\* "Operator Min already defined or declared" (an error, not the warning of two imports).
EXTENDS Lib
Min(S) == CHOOSE x \in S : TRUE
---- MODULE Lib ----
Min(S) == CHOOSE x \in S : \A y \in S : x <= y
====
====
