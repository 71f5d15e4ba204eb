---- MODULE unknown_module ----
EXTENDS Naturalz
====
