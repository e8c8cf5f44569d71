package corpora

// NewLMSYSReader returns a Reader for one LMSYS-Chat-1M Parquet file
// (lmsys/lmsys-chat-1m, data/train-*-of-00006-*.parquet; formats.md §4.3):
// top-level conversation_id, model, conversation (list<struct<content,
// role>>), turn, language, openai_moderation, redacted.
//
// The files have WildChat's shape, so the WildChat machinery reads them
// (see NewWildChatReader: columns found by structure, only the needed
// leaves read, row groups decoded a few at a time and delivered in order,
// row groups as units of work, every kind of damage a Problem): ID =
// conversation_id, Position "row=N" (0-based row in the file), Messages
// in list order with Role normalised and Content exactly as stored, Model
// and Language from the top-level columns; LMSYS has no timestamps and no
// per-message language or turn_identifier. Only Corpus differs:
// FormatLMSYS.
func NewLMSYSReader(path string) Reader {
	return &wildChatReader{path: path, corpus: FormatLMSYS}
}
