---- MODULE Unclosed ----
Op == 1
