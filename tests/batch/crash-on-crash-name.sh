#!/bin/sh
# A stand-in for a grader that crashes on one model (`--job-wrapper` in tests/batch/*/args):
# a job whose command line names a file with "Crash" in its name ends by SIGSEGV; every other
# job runs as given.
case "$*" in
  *Crash*) kill -SEGV $$ ;;
esac
exec "$@"
