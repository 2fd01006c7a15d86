// a qualified name after a lone ">" at the start of the file
> :: read ( ) { }
