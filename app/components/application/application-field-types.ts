import type { useForm } from "@conform-to/react";
import type { STEP_FIELDS } from "~/domain/applications/schemas";

// The application form's field types, apart from the field components so that a field component
// of its own file (the photo) needs no import back from them.

export type FieldName = (typeof STEP_FIELDS)[keyof typeof STEP_FIELDS][number];
/** The form's fields by name, as the browser sends them (strings). */
export type FormShape = Record<FieldName, string>;
export type ApplicationFields = ReturnType<typeof useForm<FormShape>>[1];
