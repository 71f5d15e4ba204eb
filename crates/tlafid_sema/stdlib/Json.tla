-------------------------------- MODULE Json --------------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module Json.  Names and  *)
(* arities follow the CommunityModules module; the text is written for     *)
(* tlafid.  The ToJson operators turn values into JSON text; only a native *)
(* implementation can reproduce TLC's exact text, so the bodies here are   *)
(* placeholders.  The (nd)Json(De)Serialize operators read or write files: *)
(* tlafid rejects them as unsupported I/O (see README.md).                 *)
(***************************************************************************)
LOCAL INSTANCE Sequences
LOCAL INSTANCE FiniteSets
LOCAL INSTANCE TLC

\* value as JSON text: sequences and sets as arrays, records and other
\* functions as objects, strings quoted, numbers and Booleans as such.
ToJson(value) == CHOOSE text \in STRING : TRUE             (* native *)

\* value (a sequence or set) as a JSON array.
ToJsonArray(value) == CHOOSE text \in STRING : TRUE        (* native *)

\* value (a record or function) as a JSON object.
ToJsonObject(value) == CHOOSE text \in STRING : TRUE       (* native *)

\* Writes value to the file as JSON; equals TRUE.
JsonSerialize(absoluteFilename, value) == TRUE             (* unsupported: I/O *)

\* The value that the JSON file holds.
JsonDeserialize(absoluteFilename) == CHOOSE v : TRUE       (* unsupported: I/O *)

\* Writes the sequence value to the file, one JSON value per line.
ndJsonSerialize(absoluteFilename, value) == TRUE           (* unsupported: I/O *)

\* The sequence of values, one per line, that the file holds.
ndJsonDeserialize(absoluteFilename) == CHOOSE v : TRUE     (* unsupported: I/O *)

=============================================================================
