/** The axios-like fetch client shared with the reliability tests. */
export { httpApi, postForm, type Api } from "../../integration-tests/reliability/http-api"
