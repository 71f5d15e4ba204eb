------------------------------- MODULE IOUtils ------------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module IOUtils.  Names   *)
(* and arities follow the CommunityModules module; the text is written for *)
(* tlafid.  Except for atoi and zeroPadN these operators touch files, the  *)
(* environment or other processes; tlafid's checker does no I/O, so it     *)
(* rejects them as unsupported (see README.md).  Their bodies only say     *)
(* what kind of value they would produce.                                  *)
(***************************************************************************)
LOCAL INSTANCE TLC
LOCAL INSTANCE Integers
LOCAL INSTANCE Sequences
LOCAL INSTANCE SequencesExt

\* The result of running a process: its exit code and its output.
LOCAL ExecResult == [exitValue : Int, stdout : STRING, stderr : STRING]

-----------------------------------------------------------------------------
(* Files.                                                                  *)

\* Writes val to the file in TLC's binary format; equals TRUE.
IOSerialize(val, absoluteFilename, compress) == TRUE       (* unsupported: I/O *)

\* The value that the file holds in TLC's binary format.
IODeserialize(absoluteFilename, compressed) == CHOOSE v : TRUE  (* unsupported: I/O *)

\* Writes value to dest in the format that options describe.
Serialize(value, dest, options) ==                         (* unsupported: I/O *)
  CHOOSE r \in ExecResult : TRUE

\* The value that src holds, read as options describe.
Deserialize(src, options) == CHOOSE v : TRUE               (* unsupported: I/O *)

-----------------------------------------------------------------------------
(* Processes and the environment.                                          *)

\* Runs the command (a sequence of strings).
IOExec(command) == CHOOSE r \in ExecResult : TRUE          (* unsupported: I/O *)

\* Runs the command with the extra environment variables of the record env.
IOEnvExec(env, command) ==                                 (* unsupported: I/O *)
  CHOOSE r \in ExecResult : TRUE

\* Runs commandTemplate with its %s holes filled from parameters.
IOExecTemplate(commandTemplate, parameters) ==             (* unsupported: I/O *)
  CHOOSE r \in ExecResult : TRUE

IOEnvExecTemplate(env, commandTemplate, parameters) ==     (* unsupported: I/O *)
  CHOOSE r \in ExecResult : TRUE

\* The environment variables of the checker's process, as a record.
IOEnv == CHOOSE env \in [STRING -> STRING] : TRUE          (* unsupported: I/O *)

-----------------------------------------------------------------------------
(* Pure helpers.                                                           *)

\* The integer that the decimal string str denotes.
atoi(str) == CHOOSE i \in Int : ToString(i) = str          (* native *)

\* n in decimal, padded on the left with zeros to width characters.
zeroPadN(n, width) ==
  LET digits == ToString(n)
      zeros  == [i \in 1 .. (width - Len(digits)) |-> "0"]
  IN  FoldLeft(LAMBDA acc, z : acc \o z, "", zeros) \o digits

=============================================================================
