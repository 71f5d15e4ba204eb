---- MODULE undefined ----
VARIABLE count
Init == cont = 0
Later == Defined
Defined == 1
Plus == 1 + 2
====
