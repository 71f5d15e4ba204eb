---- MODULE UsesOutside ----
\* Regression (issue 14, class 7): Outside.tla beside this file is a link to a file outside
\* this folder; it is refused, and its text is never printed.
EXTENDS Outside
VARIABLE x
Init == x = 0
Next == x' = x
====
