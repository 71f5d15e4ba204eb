---- MODULE levels ----
CONSTANT N
VARIABLE x
c == N
s == x
a == x' = x
en == ENABLED a
un == UNCHANGED x
t == [][a]_x
f == WF_x(a)
lt == s ~> s
p(v) == v
pc == p(N)
ps == p(x)
pa == p(x')
ASSUME N = N
====
