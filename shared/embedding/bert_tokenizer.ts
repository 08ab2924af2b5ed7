/**
 * Batched BERT WordPiece tokenisation for the local model, on `@huggingface/tokenizers`
 * (pure JS, reads the model's own tokenizer.json, so ids match the model's training).
 * @module
 */
import { Tokenizer } from "@huggingface/tokenizers";

/** One batch as the model wants it: row-major `[size, length]` int64 tensors' data. */
export interface EncodedBatch {
  size: number;
  /** Tokens per row: the longest text's, the others padded with [PAD] (id 0, mask 0). */
  length: number;
  inputIds: BigInt64Array;
  attentionMask: BigInt64Array;
  tokenTypeIds: BigInt64Array;
}

/** Turns texts into truncated token ids, and rows of ids into padded model input. */
export interface BertTokenizer {
  /** Token ids of one text, with [CLS] and [SEP], at most `maxTokens` long. */
  encode(text: string): number[];
  /** Pads already encoded rows to the longest. */
  padBatch(rows: number[][]): EncodedBatch;
}

/**
 * Cuts a text after its first `words` whitespace-separated words (all of it when it has no
 * more). Words are tokenised on their own, so the tokens of the words kept do not change:
 * what bounds the work a 1 MB text costs.
 */
export function cutAfterWords(text: string, words: number): string {
  const word = /\S+/g;
  for (let n = 0; word.exec(text); n++) {
    if (n >= words - 1) return text.slice(0, word.lastIndex);
  }
  return text;
}

/** Builds a tokenizer from the parsed tokenizer.json; texts are cut to `maxTokens`. */
export function createBertTokenizer(tokenizerJson: object, maxTokens: number): BertTokenizer {
  if (maxTokens < 2) throw new RangeError("maxTokens must leave room for [CLS] and [SEP]");
  // The file pins truncation and padding to 128; both are done here instead (the library
  // applies neither), so the limit is ours and batches pad only to their longest text.
  const tokenizer = new Tokenizer(tokenizerJson, {});
  const sep = tokenizer.token_to_id("[SEP]");
  const pad = tokenizer.token_to_id("[PAD]") ?? 0;
  if (sep === undefined) throw new Error("tokenizer.json has no [SEP] token");

  const encode = (text: string): number[] => {
    // Every word gives at least one token unless the normaliser drops it (control
    // characters), so the first maxTokens words nearly always suffice (an Arabic word gives a
    // token per letter); twice as many when they do not. Tokenising only what is read is a
    // tenth of the embedding's time at a 32-token limit.
    const cut = cutAfterWords(text, maxTokens);
    let ids = tokenizer.encode(cut).ids;
    if (ids.length < maxTokens && cut.length < text.length) {
      ids = tokenizer.encode(cutAfterWords(text, 2 * maxTokens + 1)).ids;
    }
    return ids.length <= maxTokens ? ids : [...ids.slice(0, maxTokens - 1), sep];
  };

  const padBatch = (rows: number[][]): EncodedBatch => {
    const length = Math.max(0, ...rows.map((r) => r.length));
    const size = rows.length;
    const inputIds = new BigInt64Array(size * length).fill(BigInt(pad));
    const attentionMask = new BigInt64Array(size * length);
    rows.forEach((row, r) => {
      for (let t = 0; t < row.length; t++) {
        inputIds[r * length + t] = BigInt(row[t]!);
        attentionMask[r * length + t] = 1n;
      }
    });
    return {
      size,
      length,
      inputIds,
      attentionMask,
      tokenTypeIds: new BigInt64Array(size * length),
    };
  };

  return { encode, padBatch };
}
