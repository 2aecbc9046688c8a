const native = require("./build/Release/png_encoder.node");

exports.encodeRgbPng = native.encodeRgbPng;
