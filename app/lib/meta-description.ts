/** The longest meta description a version keeps (issue 15): what search engines show whole. */
export const META_DESCRIPTION_MAX = 160;
