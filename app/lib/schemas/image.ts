/**
 * The Generate New Image form (spec part 2, sections 4, 5 and 9): parsed in the browser and again by the
 * images action (intent=generate); the image model takes its output (GenerateImageInput). It refuses
 * nothing: the rules of lib/image-rules.ts give every field its default (a count out of range is
 * clamped, the example is dropped when 'Use initial photo' is off). An absent field reads like an empty one.
 */
import { parseGenerateImageForm } from "~/lib/image-rules";
import { z } from "~/lib/zod";

const field = z.unknown().optional();

export const generateImageSchema = z
  .object({ numberOfImages: field, generatePrompt: field, useInitialPhoto: field, comments: field, imageExampleId: field })
  .transform((values) => parseGenerateImageForm(values));
