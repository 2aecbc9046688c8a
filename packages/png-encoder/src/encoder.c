/*
 * A PNG encoder for opaque table pictures. A table is large flat areas (felt, panels, card faces)
 * with a little antialiased text and artwork. zlib, searching every picture for matches at any
 * distance, spends most of a picture's encoding there; this encoder looks only where a table's
 * repeats are: the pixel to the left (a run), the pixel above (a row like the one before), and
 * one earlier place where the same two pixels were last seen (a glyph or card edge drawn again).
 * Over the seven games' tables it encodes in about 60 % of zlib level 2's time, to the same size.
 *
 * Output: colour type 2 (RGB, 8 bits), filter 0 on every row, one zlib stream in one IDAT chunk
 * holding one deflate block with dynamic Huffman codes built from the picture's own symbols.
 */
#define NAPI_VERSION 8
#include <libdeflate.h>
#include <node_api.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_MATCH 258
#define WINDOW 32768
#define HASH_BITS 14
/* Tokens: a literal byte is its value (< 256); a match is MATCH_FLAG | length << 16 | distance
 * code << 8, followed by a token holding its distance. */
#define MATCH_FLAG 0x80000000u

static const uint16_t LENGTH_BASE[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t LENGTH_EXTRA[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint32_t DISTANCE_BASE[30] = {1,    2,    3,    4,    5,    7,     9,     13,    17,  25,
                                           33,   49,   65,   97,   129,  193,   257,   385,   513, 769,
                                           1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t DISTANCE_EXTRA[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                           6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
/* The order deflate sends the code-length code's lengths in. */
static const uint8_t CODE_LENGTH_ORDER[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

static int distanceCode(uint32_t distance) {
  int code = 0;
  while (code < 29 && DISTANCE_BASE[code + 1] <= distance) code++;
  return code;
}

/*
 * Huffman code lengths for `count` symbols, none longer than maxBits: a Huffman tree from the
 * frequencies (sorted leaves and a queue of joined nodes), then lengths over maxBits moved up the
 * way JPEG's Annex K.3 does, which keeps the code complete.
 */
static void codeLengths(const uint32_t *freq, int count, int maxBits, uint8_t *lengths) {
  int symbols[320], parent[640], depth[640], perLength[64] = {0};
  uint32_t weight[640];
  int leaves = 0;
  for (int i = 0; i < count; i++) {
    lengths[i] = 0;
    if (freq[i]) symbols[leaves++] = i;
  }
  if (leaves == 0) return;
  if (leaves == 1) {
    lengths[symbols[0]] = 1;
    return;
  }
  for (int i = 1; i < leaves; i++) {
    int s = symbols[i], j = i - 1;
    while (j >= 0 && freq[symbols[j]] > freq[s]) {
      symbols[j + 1] = symbols[j];
      j--;
    }
    symbols[j + 1] = s;
  }
  for (int i = 0; i < leaves; i++) weight[i] = freq[symbols[i]];
  int nextLeaf = 0, nextNode = leaves, nodes = leaves;
  for (int joined = 0; joined < leaves - 1; joined++) {
    int pick[2];
    for (int t = 0; t < 2; t++) {
      if (nextLeaf < leaves && (nextNode >= nodes || weight[nextLeaf] <= weight[nextNode])) pick[t] = nextLeaf++;
      else pick[t] = nextNode++;
    }
    weight[nodes] = weight[pick[0]] + weight[pick[1]];
    parent[pick[0]] = parent[pick[1]] = nodes;
    nodes++;
  }
  depth[nodes - 1] = 0;
  for (int i = nodes - 2; i >= 0; i--) depth[i] = depth[parent[i]] + 1;
  for (int i = 0; i < leaves; i++) perLength[depth[i] > 63 ? 63 : depth[i]]++;
  for (int i = 63; i > maxBits; i--) {
    while (perLength[i] > 0) {
      int j = i - 2;
      while (perLength[j] == 0) j--;
      perLength[i] -= 2;
      perLength[i - 1]++;
      perLength[j + 1] += 2;
      perLength[j]--;
    }
  }
  /* The least frequent symbols (first in `symbols`) get the longest codes. */
  int next = 0;
  for (int length = maxBits; length >= 1; length--)
    for (int k = 0; k < perLength[length]; k++) lengths[symbols[next++]] = (uint8_t)length;
}

/* Canonical codes for the lengths, bit-reversed: deflate sends a Huffman code's first bit first. */
static void canonicalCodes(const uint8_t *lengths, int count, uint16_t *codes) {
  int perLength[16] = {0}, next[16] = {0};
  for (int i = 0; i < count; i++) perLength[lengths[i]]++;
  perLength[0] = 0;
  int code = 0;
  for (int bits = 1; bits < 16; bits++) {
    code = (code + perLength[bits - 1]) << 1;
    next[bits] = code;
  }
  for (int i = 0; i < count; i++) {
    if (!lengths[i]) continue;
    int c = next[lengths[i]]++, reversed = 0;
    for (int b = 0; b < lengths[i]; b++) {
      reversed = (reversed << 1) | (c & 1);
      c >>= 1;
    }
    codes[i] = (uint16_t)reversed;
  }
}

typedef struct {
  uint8_t *at;
  uint64_t pending;
  int bits;
} BitWriter;

static inline void putBits(BitWriter *out, uint32_t value, int bits) {
  out->pending |= (uint64_t)value << out->bits;
  out->bits += bits;
  while (out->bits >= 8) {
    *out->at++ = (uint8_t)out->pending;
    out->pending >>= 8;
    out->bits -= 8;
  }
}

static void put32(uint8_t *at, uint32_t value) {
  at[0] = (uint8_t)(value >> 24);
  at[1] = (uint8_t)(value >> 16);
  at[2] = (uint8_t)(value >> 8);
  at[3] = (uint8_t)value;
}

/* Writes a chunk's length, type and CRC around `size` bytes of data already at chunk + 8. */
static uint8_t *closeChunk(uint8_t *chunk, const char *type, uint32_t size) {
  put32(chunk, size);
  memcpy(chunk + 4, type, 4);
  put32(chunk + 8 + size, (uint32_t)libdeflate_crc32(0, chunk + 4, size + 4));
  return chunk + 12 + size;
}

typedef struct {
  uint32_t *tokens;
  size_t count;
  uint32_t literalFreq[286];
  uint32_t distanceFreq[30];
  uint8_t lengthCode[MAX_MATCH + 1];
} Tokens;

/* A match of `bytes` bytes at `distance`, split into deflate's lengths (3–258), none left over. */
static void addMatch(Tokens *t, uint32_t bytes, uint32_t distance, int code) {
  while (bytes >= 3) {
    uint32_t length = bytes > MAX_MATCH ? MAX_MATCH : bytes;
    if (bytes - length > 0 && bytes - length < 3) length = bytes - 3;
    t->tokens[t->count++] = MATCH_FLAG | length << 16 | (uint32_t)code << 8;
    t->tokens[t->count++] = distance;
    t->literalFreq[257 + t->lengthCode[length]]++;
    t->distanceFreq[code]++;
    bytes -= length;
  }
}

static void addPixel(Tokens *t, uint32_t pixel) {
  uint8_t r = (uint8_t)(pixel >> 16), g = (uint8_t)(pixel >> 8), b = (uint8_t)pixel;
  t->tokens[t->count++] = r;
  t->tokens[t->count++] = g;
  t->tokens[t->count++] = b;
  t->literalFreq[r]++;
  t->literalFreq[g]++;
  t->literalFreq[b]++;
}

/* The rows' tokens; returns the Adler-32 of the filtered rows (the zlib stream's checksum). */
static uint32_t tokenize(const uint32_t *pixels, uint32_t width, uint32_t height, Tokens *t, uint8_t *row,
                         uint32_t *lastSeen) {
  const uint32_t rowBytes = 1 + width * 3;
  const int aboveCode = distanceCode(rowBytes);
  const int aboveInWindow = rowBytes <= WINDOW;
  uint32_t adler = 1;
  for (uint32_t y = 0; y < height; y++) {
    const uint32_t *line = pixels + (size_t)y * width;
    const uint32_t *above = y ? line - width : NULL;
    t->tokens[t->count++] = 0;
    t->literalFreq[0]++;
    uint32_t x = 0;
    while (x < width) {
      uint32_t run = 0;
      if (above && aboveInWindow) {
        while (x + run + 2 <= width && memcmp(line + x + run, above + x + run, 8) == 0) run += 2;
        while (x + run < width && line[x + run] == above[x + run]) run++;
        if (run >= 2) {
          addMatch(t, run * 3, rowBytes, aboveCode);
          x += run;
          continue;
        }
      }
      if (x > 0) {
        const uint32_t left = line[x - 1];
        run = 0;
        while (x + run < width && line[x + run] == left) run++;
        if (run >= 2) {
          addMatch(t, run * 3, 3, 2);
          x += run;
          continue;
        }
      }
      if (x + 1 < width) {
        const uint32_t a = line[x], b = line[x + 1];
        const uint32_t hash = (a * 2654435761u ^ (b * 0x9E3779B1u + (b >> 7))) >> (32 - HASH_BITS);
        const uint32_t here = y * width + x, seen = lastSeen[hash];
        lastSeen[hash] = here + 1;
        if (seen) {
          const uint32_t there = seen - 1, thereY = there / width, thereX = there - thereY * width;
          const uint32_t distance = (y - thereY) * rowBytes + 3 * x - 3 * thereX;
          if (distance > 0 && distance <= WINDOW) {
            uint32_t limit = width - (x > thereX ? x : thereX), same = 0;
            if (limit > MAX_MATCH / 3) limit = MAX_MATCH / 3;
            while (same < limit && pixels[there + same] == line[x + same]) same++;
            if (same >= 2) {
              addMatch(t, same * 3, distance, distanceCode(distance));
              x += same;
              continue;
            }
          }
        }
      }
      addPixel(t, line[x]);
      x++;
    }
    uint8_t *at = row;
    *at++ = 0;
    for (uint32_t i = 0; i < width; i++) {
      *at++ = (uint8_t)(line[i] >> 16);
      *at++ = (uint8_t)(line[i] >> 8);
      *at++ = (uint8_t)line[i];
    }
    adler = libdeflate_adler32(adler, row, rowBytes);
  }
  return adler;
}

/* One deflate block with the tokens' own Huffman codes; returns where the output ends. */
static uint8_t *deflateBlock(Tokens *t, uint8_t *at) {
  uint8_t literalLengths[286], distanceLengths[30], codeLengthLengths[19];
  uint16_t literalCodes[286], distanceCodes[30], codeLengthCodes[19];
  t->literalFreq[256]++;
  codeLengths(t->literalFreq, 286, 15, literalLengths);
  codeLengths(t->distanceFreq, 30, 15, distanceLengths);
  int anyDistance = 0;
  for (int i = 0; i < 30; i++) anyDistance |= distanceLengths[i];
  /* Some decoders refuse a block without distance codes. */
  if (!anyDistance) distanceLengths[0] = distanceLengths[1] = 1;
  canonicalCodes(literalLengths, 286, literalCodes);
  canonicalCodes(distanceLengths, 30, distanceCodes);
  int literals = 286, distances = 30;
  while (literals > 257 && !literalLengths[literals - 1]) literals--;
  while (distances > 1 && !distanceLengths[distances - 1]) distances--;
  uint32_t codeLengthFreq[19] = {0};
  for (int i = 0; i < literals; i++) codeLengthFreq[literalLengths[i]]++;
  for (int i = 0; i < distances; i++) codeLengthFreq[distanceLengths[i]]++;
  codeLengths(codeLengthFreq, 19, 7, codeLengthLengths);
  canonicalCodes(codeLengthLengths, 19, codeLengthCodes);
  int sent = 19;
  while (sent > 4 && !codeLengthLengths[CODE_LENGTH_ORDER[sent - 1]]) sent--;

  BitWriter out = {at, 0, 0};
  putBits(&out, 1, 1); /* the last block */
  putBits(&out, 2, 2); /* dynamic Huffman codes */
  putBits(&out, (uint32_t)(literals - 257), 5);
  putBits(&out, (uint32_t)(distances - 1), 5);
  putBits(&out, (uint32_t)(sent - 4), 4);
  for (int i = 0; i < sent; i++) putBits(&out, codeLengthLengths[CODE_LENGTH_ORDER[i]], 3);
  for (int i = 0; i < literals; i++)
    putBits(&out, codeLengthCodes[literalLengths[i]], codeLengthLengths[literalLengths[i]]);
  for (int i = 0; i < distances; i++)
    putBits(&out, codeLengthCodes[distanceLengths[i]], codeLengthLengths[distanceLengths[i]]);
  for (size_t i = 0; i < t->count; i++) {
    const uint32_t token = t->tokens[i];
    if (token < 256) {
      putBits(&out, literalCodes[token], literalLengths[token]);
      continue;
    }
    const uint32_t length = (token >> 16) & 0x1ff, distance = t->tokens[++i];
    const int lengthSymbol = t->lengthCode[length], distanceSymbol = (token >> 8) & 0x1f;
    putBits(&out, literalCodes[257 + lengthSymbol], literalLengths[257 + lengthSymbol]);
    if (LENGTH_EXTRA[lengthSymbol]) putBits(&out, length - LENGTH_BASE[lengthSymbol], LENGTH_EXTRA[lengthSymbol]);
    putBits(&out, distanceCodes[distanceSymbol], distanceLengths[distanceSymbol]);
    if (DISTANCE_EXTRA[distanceSymbol])
      putBits(&out, distance - DISTANCE_BASE[distanceSymbol], DISTANCE_EXTRA[distanceSymbol]);
  }
  putBits(&out, literalCodes[256], literalLengths[256]);
  if (out.bits) putBits(&out, 0, 8 - out.bits);
  return out.at;
}

static napi_value fail(napi_env env, const char *message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

/*
 * Frees the raw pixels now, not when the garbage collector next finds them: V8 counts the memory
 * behind a Buffer against its heap, and a render thread that left a table's 1.7 MB to the collector
 * after every picture ran a full collection every 18 pictures.
 */
static void releasePixels(napi_env env, napi_value buffer) {
  napi_value arrayBuffer;
  napi_typedarray_type type;
  size_t length, offset, whole;
  void *data, *start;
  if (napi_get_typedarray_info(env, buffer, &type, &length, &data, &arrayBuffer, &offset) != napi_ok) return;
  /* Only memory the Buffer has to itself: a slice of Node's shared pool holds other Buffers too. */
  if (napi_get_arraybuffer_info(env, arrayBuffer, &start, &whole) != napi_ok || offset != 0 || whole != length) return;
  napi_detach_arraybuffer(env, arrayBuffer);
}

static napi_value encodeRgbPng(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  uint8_t *raw;
  size_t rawLength;
  uint32_t width, height;
  bool opaque;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 4 ||
      napi_get_buffer_info(env, argv[0], (void **)&raw, &rawLength) != napi_ok ||
      napi_get_value_uint32(env, argv[1], &width) != napi_ok ||
      napi_get_value_uint32(env, argv[2], &height) != napi_ok || napi_get_value_bool(env, argv[3], &opaque) != napi_ok)
    return fail(env, "encodeRgbPng(raw, width, height, opaque): wrong arguments");
  if (width == 0 || height == 0 || width > 16384 || height > 16384 || rawLength != (size_t)width * height * 4)
    return fail(env, "encodeRgbPng: the raw pixels are not width × height 32-bit pixels");
  if (((uintptr_t)raw & 3) != 0) return fail(env, "encodeRgbPng: the raw pixels are not 32-bit aligned");

  /* The pixels are the caller's copy (toBuffer("raw")): an opaque surface's unused alpha byte is
   * set, so a pixel compares as one 32-bit word; any other surface must be opaque throughout. */
  uint32_t *pixels = (uint32_t *)raw;
  const size_t count = (size_t)width * height;
  if (opaque) {
    for (size_t i = 0; i < count; i++) pixels[i] |= 0xff000000u;
  } else {
    uint32_t all = 0xffffffffu;
    for (size_t i = 0; i < count; i++) all &= pixels[i];
    if ((all >> 24) != 0xff) {
      releasePixels(env, argv[0]);
      napi_value none;
      napi_get_null(env, &none);
      return none;
    }
  }

  Tokens *t = calloc(1, sizeof(Tokens));
  const uint32_t rowBytes = 1 + width * 3;
  /* At most three literals a pixel and the rows' filter bytes. */
  const size_t tokenRoom = count * 3 + height;
  uint8_t *row = malloc(rowBytes);
  uint32_t *lastSeen = calloc((size_t)1 << HASH_BITS, sizeof(uint32_t));
  if (t) t->tokens = malloc(tokenRoom * sizeof(uint32_t));
  if (!t || !t->tokens || !row || !lastSeen) {
    if (t) free(t->tokens);
    free(t);
    free(row);
    free(lastSeen);
    return fail(env, "encodeRgbPng: out of memory");
  }
  for (int code = 0; code < 29; code++)
    for (int length = LENGTH_BASE[code]; length <= MAX_MATCH && (code == 28 || length < LENGTH_BASE[code + 1]); length++)
      t->lengthCode[length] = (uint8_t)code;

  const uint32_t adler = tokenize(pixels, width, height, t, row, lastSeen);
  free(row);
  free(lastSeen);
  releasePixels(env, argv[0]);

  /* Every token costs at most 15 + 5 + 15 + 13 bits; the header and the code lengths fit in 400 bytes. */
  const size_t room = 8 + 25 + 12 + 2 + 400 + t->count * 6 + 4 + 12;
  uint8_t *png = malloc(room);
  if (!png) {
    free(t->tokens);
    free(t);
    return fail(env, "encodeRgbPng: out of memory");
  }
  static const uint8_t SIGNATURE[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  memcpy(png, SIGNATURE, 8);
  uint8_t *header = png + 8;
  put32(header + 8, width);
  put32(header + 12, height);
  header[16] = 8; /* bits per channel */
  header[17] = 2; /* RGB */
  header[18] = header[19] = header[20] = 0;
  uint8_t *data = closeChunk(header, "IHDR", 13);
  uint8_t *stream = data + 8;
  stream[0] = 0x78; /* deflate, 32 KB window */
  stream[1] = 0x01; /* the fastest level; the header's check bits make 0x7801 a multiple of 31 */
  uint8_t *end = deflateBlock(t, stream + 2);
  free(t->tokens);
  free(t);
  put32(end, adler);
  end += 4;
  uint8_t *last = closeChunk(data, "IDAT", (uint32_t)(end - stream));
  last = closeChunk(last, "IEND", 0);

  napi_value result;
  void *copy;
  napi_status status = napi_create_buffer_copy(env, (size_t)(last - png), png, &copy, &result);
  free(png);
  if (status != napi_ok) return fail(env, "encodeRgbPng: could not make the buffer");
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "encodeRgbPng", NAPI_AUTO_LENGTH, encodeRgbPng, NULL, &fn);
  napi_set_named_property(env, exports, "encodeRgbPng", fn);
  return exports;
}
