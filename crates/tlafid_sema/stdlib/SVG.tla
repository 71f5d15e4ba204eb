--------------------------------- MODULE SVG --------------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module SVG, used by      *)
(* animation specs.  An SVG element is a record [name, attrs, children,    *)
(* innerText]; attrs maps attribute names to strings.  Names, arities and  *)
(* meaning follow the CommunityModules module; the text is written for     *)
(* tlafid.  The constructors are plain TLA+; layout and rendering to text  *)
(* are native in TLC, and SVGSerialize writes files (unsupported I/O).     *)
(***************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE Sequences
LOCAL INSTANCE Integers
LOCAL INSTANCE TLC
LOCAL INSTANCE FiniteSets

\* The fields of both records; where both have a field, first wins.
LOCAL Merge(first, second) ==
  [k \in DOMAIN first \cup DOMAIN second |->
     IF k \in DOMAIN first THEN first[k] ELSE second[k]]

-----------------------------------------------------------------------------
(* Elements.                                                               *)

SVGElem(elemName, elemAttrs, elemChildren, elemText) ==
  [name |-> elemName, attrs |-> elemAttrs,
   children |-> elemChildren, innerText |-> elemText]

Line(x1, y1, x2, y2, attrs) ==
  SVGElem("line",
          Merge([x1 |-> ToString(x1), y1 |-> ToString(y1),
                 x2 |-> ToString(x2), y2 |-> ToString(y2)], attrs),
          << >>, "")

Circle(cx, cy, r, attrs) ==
  SVGElem("circle",
          Merge([cx |-> ToString(cx), cy |-> ToString(cy),
                 r |-> ToString(r)], attrs),
          << >>, "")

Rect(x, y, w, h, attrs) ==
  SVGElem("rect",
          Merge([x |-> ToString(x), y |-> ToString(y),
                 width |-> ToString(w), height |-> ToString(h)], attrs),
          << >>, "")

Text(x, y, text, attrs) ==
  SVGElem("text", Merge([x |-> ToString(x), y |-> ToString(y)], attrs),
          << >>, text)

Image(x, y, width, height, href, attrs) ==
  SVGElem("image",
          Merge(("xlink:href" :> href) @@ ("x" :> ToString(x)) @@
                ("y" :> ToString(y)) @@ ("width" :> ToString(width)) @@
                ("height" :> ToString(height)), attrs),
          << >>, "")

\* A group of child elements.
Group(children, attrs) == SVGElem("g", attrs, children, "")

\* An svg container of child elements.
Svg(children, attrs) == SVGElem("svg", attrs, children, "")

\* A whole document: one svg element with the given view box around
\* children.
SVGDoc(children, vbX, vbY, vbW, vbH, attrs) ==
  LET viewBox == ToString(vbX) \o " " \o ToString(vbY) \o " " \o
                 ToString(vbW) \o " " \o ToString(vbH)
      docAttrs == ("xmlns:xlink" :> "http://www.w3.org/1999/xlink") @@
                  ("xmlns" :> "http://www.w3.org/2000/svg") @@
                  ("viewBox" :> viewBox)
  IN  Svg(<<children>>, Merge(docAttrs, attrs))

\* The element as SVG markup text.
SVGElemToString(elem) == CHOOSE text \in STRING : TRUE     (* native *)

-----------------------------------------------------------------------------
(* Layout.                                                                 *)

\* The integer coordinates [x, y] of node n of m placed on a circle of
\* radius r around (cx, cy).
NodeOfRingNetwork(cx, cy, r, n, m) ==                      (* native *)
  CHOOSE p \in [x : Int, y : Int] : TRUE

\* Coordinates for each node of a directed graph, laid out by a graph
\* drawing algorithm that options select.
NodesOfDirectedMultiGraph(nodes, edges, options) ==        (* native *)
  CHOOSE f \in [nodes -> [x : Int, y : Int]] : TRUE

\* The point 1/segment of the way from from to to.
PointOnLine(from, to, segment) ==                          (* native *)
  [x |-> from.x + ((to.x - from.x) \div segment),
   y |-> from.y + ((to.y - from.y) \div segment)]

-----------------------------------------------------------------------------
(* Files.                                                                  *)

\* Writes svg as text to the file frameNamePrefix followed by frameNumber
\* padded to three digits and ".svg".
SVGSerialize(svg, frameNamePrefix, frameNumber) ==         (* unsupported: I/O *)
  LET IO == INSTANCE IOUtils
  IN  IO!Serialize(SVGElemToString(svg),
                   frameNamePrefix \o IO!zeroPadN(frameNumber, 3) \o ".svg",
                   [format |-> "TXT", charset |-> "UTF-8",
                    openOptions |-> <<"WRITE", "CREATE", "TRUNCATE_EXISTING">>])

=============================================================================
