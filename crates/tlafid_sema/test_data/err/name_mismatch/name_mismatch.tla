---- MODULE name_mismatch ----
EXTENDS Other
====
