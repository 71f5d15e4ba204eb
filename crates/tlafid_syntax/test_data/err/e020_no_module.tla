Just some text, no module here.
