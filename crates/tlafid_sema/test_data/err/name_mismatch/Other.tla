---- MODULE Different ----
====
