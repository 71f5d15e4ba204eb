--------------------------------- MODULE CSV --------------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module CSV.  Names and   *)
(* arities follow the CommunityModules module; the text is written for     *)
(* tlafid.  Every operator reads or writes a file, so tlafid rejects them  *)
(* all as unsupported I/O (see README.md).                                 *)
(***************************************************************************)
LOCAL INSTANCE TLC
LOCAL INSTANCE Integers

\* Appends one line, template filled from the sequence val, to file.
CSVWrite(template, val, file) == TRUE                      (* unsupported: I/O *)

\* Appends the record as one line of fields separated by delim; writes the
\* header line first when headers is TRUE and the file is new.
CSVWriteRecord(record, delim, headers, file) == TRUE       (* unsupported: I/O *)

\* The lines of file split at delimiter, as records with the given columns.
CSVRead(columns, delimiter, file) == TRUE                  (* unsupported: I/O *)

\* The number of lines in file.
CSVRecords(file) == CHOOSE n \in Nat : TRUE                (* unsupported: I/O *)

=============================================================================
