---- MODULE local_not_exported ----
EXTENDS A
---- MODULE B ----
Helper == 1
====
---- MODULE A ----
LOCAL INSTANCE B
LOCAL Hidden == Helper
Shown == Hidden
====
Ok == Shown
Bad1 == Hidden
Bad2 == Helper
====
