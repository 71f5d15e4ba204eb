---- MODULE BadDef ----
"str" == 2
Ok == 3
====
