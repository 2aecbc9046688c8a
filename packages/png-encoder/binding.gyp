{
  "targets": [
    {
      "target_name": "png_encoder",
      "sources": ["src/encoder.c"],
      "libraries": ["-ldeflate"],
      "cflags": ["-O3", "-Wall", "-Wextra"]
    }
  ]
}
